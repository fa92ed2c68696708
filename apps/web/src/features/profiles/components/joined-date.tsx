/** "Joined November 2026", from the profile's creation time (read in UTC, as it is stored). */
export function JoinedDate({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  const monthYear = date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <p className="profile-header__joined">
      Joined <time dateTime={createdAt}>{monthYear}</time>
    </p>
  );
}
