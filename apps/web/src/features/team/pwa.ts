import { useEffect } from 'react';
import { getLocale } from '../../shared/i18n';

/**
 * Makes /mt installable: the manifest and the service worker both live under
 * /mt (apps/web/public/mt), so the app installed is the team area alone.
 */
export function usePwa() {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const added = !link;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'manifest';
      link.href = getLocale() === 'hi' ? '/mt/manifest.hi.webmanifest' : '/mt/manifest.webmanifest';
      document.head.appendChild(link);
    }
    if ('serviceWorker' in navigator && import.meta.env.PROD) {
      navigator.serviceWorker.register('/mt/sw.js', { scope: '/mt' }).catch(() => {
        // Without a service worker the area still works online.
      });
    }
    return () => {
      if (added) link.remove();
    };
  }, []);
}
