import { t } from '@lingui/core/macro';

/** A post intent with text inviting others to try, linking to the sorter on this site. */
export function tweetIntentUrl({
  albumName,
  topSong,
  origin,
}: {
  albumName: string | null;
  topSong: string | null;
  origin: string;
}): string {
  // Whole sentences, so a translation can order them its own way.
  const text = albumName
    ? topSong
      ? t`I just ranked every song on ${albumName} and my #1 is "${topSong}"! Think you can rank yours? Try the song sorter:`
      : t`I just ranked every song on ${albumName}! Think you can rank yours? Try the song sorter:`
    : topSong
      ? t`I just ranked my favorite songs and my #1 is "${topSong}"! Think you can rank yours? Try the song sorter:`
      : t`I just ranked my favorite songs! Think you can rank yours? Try the song sorter:`;
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url: `${origin}/sorter` })}`;
}
