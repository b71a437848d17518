import { Card, CardContent, FormControlLabel, Link, Stack, Switch, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { api, API_URL, httpClient } from '../api/http-client';
import type { Setting } from '../api/contracts';
import { SectionHeading } from '../shared/SectionHeading';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';

/** The quote page's two switches (settings of kind `boolean`, docs/api-surveys.md "The quote-request page"). */
const SWITCHES = ['quote-page-enabled', 'quote-instant-prices'] as const;
type SwitchSlug = (typeof SWITCHES)[number];

const isOn = (setting: Setting | undefined) => typeof setting?.value === 'string' && setting.value.trim().toLowerCase() === 'true';

/**
 * The public quote-request page: switched on and off here, with its instant indicative prices; each switch is a
 * setting written through the settings resource (created the first time). Shown with `settings.manage` only.
 */
export const QuotePageCard = ({ canManage }: { canManage: boolean }) => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { submit, pending } = useApiAction();
  const [settings, setSettings] = useState<Partial<Record<SwitchSlug, Setting>> | null>(null);

  const load = useCallback(
    () =>
      Promise.all(SWITCHES.map((slug) => api.get<Setting[]>(`/settings?slug=${slug}`))).then(
        (found) => setSettings(Object.fromEntries(SWITCHES.map((slug, index) => [slug, found[index].find((setting) => setting.slug === slug)]))),
        (error: unknown) => notifyError(error, 'resources.company-profile.load_failed'),
      ),
    [notifyError],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (!settings) return null;
  const toggle = (slug: SwitchSlug, on: boolean) =>
    submit(
      async () => {
        const existing = settings[slug];
        const body = JSON.stringify({ slug, value: on ? 'true' : 'false' });
        if (existing) await httpClient(`${API_URL}/settings/${existing.id}`, { method: 'PUT', body });
        else await httpClient(`${API_URL}/settings`, { method: 'POST', body });
        await load();
      },
      'resources.company-profile.quote_page.saved',
    );
  const pageLink = `/pub/quote${window.location.search}`;
  return (
    <Card data-testid="quote-page-switches">
      <CardContent>
        <SectionHeading title={translate('resources.company-profile.quote_page.title')} description={translate('resources.company-profile.quote_page.help')} />
        <Stack>
          {SWITCHES.map((slug) => (
            <FormControlLabel
              key={slug}
              control={<Switch checked={isOn(settings[slug])} disabled={!canManage || pending || (slug === 'quote-instant-prices' && !isOn(settings['quote-page-enabled']))} onChange={(_, on) => void toggle(slug, on)} name={slug} />}
              label={translate(`resources.company-profile.quote_page.${slug === 'quote-page-enabled' ? 'enabled' : 'instant_prices'}`)}
            />
          ))}
        </Stack>
        {isOn(settings['quote-page-enabled']) ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Link href={pageLink} target="_blank" rel="noopener">
              {translate('resources.company-profile.quote_page.open')}
            </Link>
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
};
