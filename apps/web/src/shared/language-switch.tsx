import { LOCALE_NAMES, LOCALES } from '@pmw/contract/locale';
import { getLocale } from './i18n';
import { chooseLocale } from './locale-choice';
import { t } from './messages';
import { LiveButton } from './public-page/live';

/** English / हिन्दी: each name in its own language, so a reader finds theirs whichever is showing. */
export function LanguageSwitch({ className }: { className?: string }) {
  const current = getLocale();
  return (
    <div className={`lang-switch ${className ?? ''}`} role="group" aria-label={t('language')}>
      {LOCALES.map((locale) =>
        locale === current ? (
          <button key={locale} type="button" lang={locale} className="lang-switch__option" aria-pressed="true">
            {LOCALE_NAMES[locale]}
          </button>
        ) : (
          // The other language reloads the page in it: that needs the page's script, so it waits until the page is live.
          <LiveButton key={locale} lang={locale} className="lang-switch__option" aria-pressed="false" onClick={() => chooseLocale(locale)}>
            {LOCALE_NAMES[locale]}
          </LiveButton>
        ),
      )}
    </div>
  );
}

/** The language switch at the top right of a full page, above its card. */
export function PageLanguageSwitch() {
  return (
    <div className="page-lang">
      <LanguageSwitch />
    </div>
  );
}
