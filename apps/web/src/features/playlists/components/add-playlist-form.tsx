import { type CreateFeaturedPlaylistBody, PLAYLIST_LINK_REQUIRED } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useAddPlaylist } from '../api/add-playlist.ts';
import '../../../components/ui/form.css';

/** Trimmed; blank becomes absent (spec §5, Admin add playlist). */
function present(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

export function AddPlaylistForm({ onAdded, onFailed }: { onAdded: () => void; onFailed: (message: string) => void }) {
  const add = useAddPlaylist();
  const [link, setLink] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const spotifyUrl = present(link);
    if (!spotifyUrl) {
      // The server's own refusal, in the page's language.
      setError(fromServer(PLAYLIST_LINK_REQUIRED));
      return;
    }
    setError(null);
    const body: CreateFeaturedPlaylistBody = { spotifyUrl };
    const customTitle = present(title);
    const text = present(description);
    if (customTitle) body.title = customTitle;
    if (text) body.description = text;
    add.mutate(body, {
      onSuccess: () => {
        setLink('');
        setTitle('');
        setDescription('');
        onAdded();
      },
      onError: (failure) => onFailed(userMessage(failure, t`Please try again.`)),
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label={t`Spotify Playlist URL`}
        value={link}
        onChange={(e) => setLink(e.target.value)}
        placeholder={t`https://open.spotify.com/playlist/… or spotify:playlist:…`}
        aria-required="true"
        autoComplete="off"
        spellCheck={false}
        hint={t`A playlist link, a spotify:playlist: link, or the playlist ID`}
      />
      <Field
        label={t`Custom Title`}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder={t`Leave blank to use the playlist's name on Spotify`}
        autoComplete="off"
      />
      <TextAreaField
        label={t`Description`}
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder={t`Optional: a line about the playlist`}
      />
      <FormError message={error} />
      <SubmitButton
        label={t`Add Playlist`}
        busy={add.isPending}
        busyLabel={t`Adding...`}
        className="admin-form__submit"
      />
    </form>
  );
}
