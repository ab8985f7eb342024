import { defineMessages } from './i18n';

/** The staff login (ops console and support desk), which stays English. */
export const t = defineMessages({
  title: 'PickMyWork Operations',
  subtitle: 'Log in with your registered mobile number',
});
