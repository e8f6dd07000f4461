/**
 * Places e-ticket receipts name in words, with the code the wizard's sector uses (LHE-JED).
 * Pakistan's airports and the routes its agencies sell most; a name not here leaves from/to null.
 */
export const PLACES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bLAHORE\b/i, 'LHE'],
  [/\bKARACHI\b/i, 'KHI'],
  [/\bISLAMABAD\b/i, 'ISB'],
  [/\bPESHAWAR\b/i, 'PEW'],
  [/\bMULTAN\b/i, 'MUX'],
  [/\bSIALKOT\b/i, 'SKT'],
  [/\bFAISALABAD\b/i, 'LYP'],
  [/\bQUETTA\b/i, 'UET'],
  [/\bJEDDAH\b/i, 'JED'],
  [/\bMADINAH\b|\bMEDINA\b/i, 'MED'],
  [/\bRIYADH\b/i, 'RUH'],
  [/\bDAMMAM\b/i, 'DMM'],
  [/\bDUBAI\b/i, 'DXB'],
  [/\bSHARJAH\b/i, 'SHJ'],
  [/\bABU DHABI\b/i, 'AUH'],
  [/\bDOHA\b/i, 'DOH'],
  [/\bMUSCAT\b/i, 'MCT'],
  [/\bKUWAIT\b/i, 'KWI'],
  [/\bBAHRAIN\b/i, 'BAH'],
  [/\bISTANBUL\b/i, 'IST'],
  [/\bLONDON\b/i, 'LHR'],
  [/\bMANCHESTER\b/i, 'MAN'],
  [/\bCASABLANCA\b/i, 'CMN'],
  [/\bTORONTO\b/i, 'YYZ'],
]

/** The codes of the places named in `text`, in the order they appear. */
export const placesIn = (text: string): string[] =>
  PLACES.flatMap(([re, code]) => {
    const m = re.exec(text)
    return m ? [{ at: m.index, code }] : []
  })
    .sort((a, b) => a.at - b.at)
    .map((p) => p.code)
