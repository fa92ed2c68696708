/**
 * Files for tests of the import, in the formats RateYourMusic, ListenBrainz and
 * Last.fm exporters write: builders for exact small files, and messy exports with what a test of
 * a whole import should expect of them.
 */
export { type KnownAlbum, UNKNOWN_ALBUMS } from './fixture-albums.ts';
export { rymOfShortRows, zip64Claiming, zipOfShortLines, zipUnderstatingItsSize } from './fixture-attacks.ts';
export {
  type FeedbackFixture,
  fixtureMbid,
  type ListenFixture,
  lastfmCsv,
  listenBrainzJsonl,
  listenBrainzZip,
  type RymFixtureRow,
  type RymRawLine,
  rymCsv,
  type ScrobbleFixture,
} from './fixture-files.ts';
export { type MessyListens, messyLastfmExport, messyListenBrainzExport } from './fixture-messy-listens.ts';
export { type MessyRymExport, messyRymExport } from './fixture-messy-rym.ts';
