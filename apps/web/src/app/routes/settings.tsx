import { t } from '@lingui/core/macro';
import { SpoilerFreeSettingsCard } from '../../features/albums/components/spoiler-free-settings.tsx';
import { ChangeEmailForm } from '../../features/auth/components/change-email-form.tsx';
import { ChangePasswordCard } from '../../features/auth/components/change-password-card.tsx';
import { DeleteAccountCard } from '../../features/auth/components/delete-account-card.tsx';
import { LanguageCard } from '../../features/auth/components/language-card.tsx';
import { SessionsCard } from '../../features/auth/components/sessions-card.tsx';
import { SettingsSections } from '../../features/auth/components/settings-sections.tsx';
import { YourDataCard } from '../../features/auth/components/your-data-card.tsx';
import {
  BlockedPeopleCard,
  MutedPeopleCard,
  PrivacySettingsCard,
} from '../../features/safety/components/privacy-settings.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../features/auth/components/settings.css';

/** /settings (DESIGN.md decision 6): account actions the spec's avatar menu links to. */
export function Component() {
  useDocumentTitle(t`Settings`);
  const { user } = useSession();
  return (
    <div className="page settings-page">
      <h1>{t`Settings`}</h1>
      {/* A card's success message clears once another card is used. */}
      <SettingsSections>
        <ChangePasswordCard />
        <ChangeEmailForm currentEmail={user?.email ?? ''} />
        <SessionsCard />
        <LanguageCard />
        <PrivacySettingsCard />
        <SpoilerFreeSettingsCard />
        <BlockedPeopleCard />
        <MutedPeopleCard />
        <YourDataCard />
        <DeleteAccountCard />
      </SettingsSections>
    </div>
  );
}
