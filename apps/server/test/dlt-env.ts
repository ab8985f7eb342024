import { allSmsTemplateKeys } from '@pmw/contract/notifications';

/** The SMS variables production needs: a sender id and a DLT template id for every template. */
export const DLT_ENV = {
  SMS_SENDER_ID: 'PMWORK',
  SMS_DLT_TEMPLATES: JSON.stringify(
    Object.fromEntries(allSmsTemplateKeys().map((key, i) => [key, String(1107160000000000000n + BigInt(i))])),
  ),
};
