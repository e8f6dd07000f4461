// GAMCA's select names the bank in full, e.g. "United Bank (holder Ali)" for the account "UBL Ali".
const FULL_NAMES: Record<string, string> = {
  UBL: 'United Bank',
  HBL: 'Habib Bank',
  JAZ: 'Jazzcash',
  MCB: 'MCB',
}

/** The GAMCA bank title of an office account (spec part 1 §5 "GAMCA bank titles"). */
export const gamcaBankTitle = (bankName: string): string => {
  const [prefix = '', ...holder] = bankName.trim().split(/\s+/)
  const bank = FULL_NAMES[prefix.toUpperCase()]
  return bank ? `${bank} (holder ${holder.join(' ')})` : bankName
}
