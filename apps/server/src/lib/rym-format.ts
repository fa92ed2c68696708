/**
 * RateYourMusic's "export your data" header, byte for byte, leading spaces included: liner writes
 * it (the CSV export's rym-ratings.csv, ADR 37) and reads it (imports, ADR 38). The export without
 * reviews stops before 'Review'.
 */
export const RYM_HEADER = [
  'RYM Album',
  ' First Name',
  'Last Name',
  'First Name localized',
  ' Last Name localized',
  'Title',
  'Release_Date',
  'Rating',
  'Ownership',
  'Purchase Date',
  'Media Type',
  'Review',
] as const;
