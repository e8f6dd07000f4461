/**
 * Passport MRZ lines with correct check digits, for tests and the paste dialog's placeholder:
 * the ICAO Doc 9303 Part 4 (Appendix A) TD3 specimen, and a Pakistani passport built for this
 * project (CNIC as personal number; check digits computed apart from `parseMrz`).
 */
export declare const MRZ_SPECIMENS: {
  readonly icao: readonly [
    'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
    'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
  ]
  readonly pakistan: readonly [
    'P<PAKKHAN<<MUHAMMAD<ALI<<<<<<<<<<<<<<<<<<<<<',
    'AB12345626PAK8503149M30072283520212345671<98',
  ]
}
