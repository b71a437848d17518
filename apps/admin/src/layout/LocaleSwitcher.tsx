import LanguageIcon from '@mui/icons-material/Language';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { updateProfile } from '../auth/identity-api';
import { useSession } from '../auth/useSession';
import { Locale, LOCALES } from '../i18n/locales';
import { useNotifyError } from '../shared/useErrorNotice';

/** Each language is named in itself, so a person who can not read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/**
 * Switches the console's language (stored under `locale`); signed in, the
 * profile's language changes with it, so mails and server messages match (docs/product.md §7).
 */
export const LocaleSwitcher = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const { stage } = useSession();
  const notifyError = useNotifyError();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  // Signed in, the API answers in the profile's language: the profile changes first, so every answer asked after
  // the switch (the console asks again as it re-renders) is in the new language. Should that fail, the console
  // switches all the same and says so.
  const choose = async (next: Locale) => {
    setAnchor(null);
    if (next === locale) return;
    if (stage === 'signed-in') await updateProfile({ language_code: next }).catch((error: unknown) => notifyError(error, 'fabquote.profile.update_failed'));
    setLocale(next);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<LanguageIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={translate('fabquote.locale.choose')}
        aria-haspopup="menu"
        data-testid="locale-switcher"
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((option) => (
          <MenuItem key={option} selected={option === locale} onClick={() => void choose(option)} lang={option} data-testid={`locale-option-${option}`}>
            {LANGUAGE_NAMES[option]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
