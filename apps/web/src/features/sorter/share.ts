/** Title of the final card (spec §2): 'MY {album name} Ranking', or 'MY Song Ranking' without an album. */
export function rankingTitle(albumName: string | null | undefined): string {
  return `MY ${albumName?.trim() || 'Song'} Ranking`;
}

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
  const ranked = albumName ? `I just ranked every song on ${albumName}` : 'I just ranked my favorite songs';
  const favourite = topSong ? ` and my #1 is "${topSong}"` : '';
  const text = `${ranked}${favourite}! Think you can rank yours? Try the song sorter:`;
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url: `${origin}/sorter` })}`;
}
