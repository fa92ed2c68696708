import { t } from '@lingui/core/macro';
import { useEffect, useId, useState } from 'react';
import './picture-picker.css';

/** Why a chosen file is refused before upload, in the page's language. */
export const pictureNotImage = () => t`Picture must be an image file`;

/** Chooses an image file and previews it; non-images are refused before upload (the server checks the bytes). */
export function PicturePicker({
  currentUrl,
  onChange,
  onInvalid,
}: {
  currentUrl: string | null;
  onChange: (file: File | null) => void;
  onInvalid: (message: string) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="picture-picker">
      <div className="picture-picker__preview">
        {shown ? <img src={shown} alt={t`Profile preview`} /> : <span aria-hidden="true">♪</span>}
      </div>
      <label htmlFor={id} className="btn">
        {t`Choose a profile picture`}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-label={t`Profile picture`}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          if (file && !file.type.startsWith('image/')) {
            onInvalid(pictureNotImage());
            event.target.value = '';
            return;
          }
          setPreview(file ? URL.createObjectURL(file) : null);
          onChange(file);
        }}
      />
    </div>
  );
}
