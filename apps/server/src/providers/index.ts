import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema/platform';
import { createConsoleSms, createHttpSms, type SmsProvider } from './sms';
import { createLocalStorage, type LocalStorage, type StorageProvider } from './storage';
import { createS3Storage } from './s3-storage';
import { createHttpPayouts, createSimulatedPayouts, type PayoutProvider } from './payouts';
import { createLocalPush, createWebPush, type PushProvider } from './push';
import { createCloudApiWhatsApp, createLocalWhatsApp, type WhatsAppProvider } from './whatsapp';
import { createNominatimGeocoder, createOfflineGeocoder, type GeocodeProvider } from './geocode';
import { createOfflineIfsc, createOnlineIfsc, type IfscProvider } from './ifsc';
import { loadIfscDirectory } from './ifsc-directory';

/** Every integration with the outside world, chosen by configuration. */
export interface Providers {
  sms: SmsProvider;
  storage: StorageProvider;
  /** Present when files are on local disk: its signed URLs are served by us. */
  localStorage: LocalStorage | undefined;
  geocode: GeocodeProvider;
  payouts: PayoutProvider;
  push: PushProvider;
  /** Null when WhatsApp is off: texts go by SMS only. */
  whatsapp: WhatsAppProvider | null;
  /** Bank codes: the offline package and branch directory, or an online lookup over them. */
  ifsc: IfscProvider;
}

export async function createProviders(config: Config, db: Db, logger: FastifyBaseLogger): Promise<Providers> {
  const sms =
    config.sms.provider === 'http'
      ? createHttpSms(config.sms.url, { senderId: config.sms.senderId, templates: config.sms.dltTemplates, logger })
      : createConsoleSms(logger, async (entry) => {
          await db.insert(smsOutbox).values(entry);
        });
  const localStorage = config.s3 ? undefined : createLocalStorage(path.join(config.dataDir, 'files'), config.secretKey);
  const storage = config.s3 ? await createS3Storage(config.s3) : localStorage!;
  const geocode = config.geocoder.provider === 'nominatim' ? createNominatimGeocoder(config.geocoder.url) : createOfflineGeocoder();
  const p = config.payout.provider;
  const payouts =
    p.kind === 'http'
      ? createHttpPayouts({
          url: p.url,
          keyId: p.keyId,
          keySecret: p.keySecret,
          accountNumber: p.accountNumber,
          webhookSecret: config.payout.webhookSecret,
        })
      : createSimulatedPayouts({ settleMs: p.settleMs, webhookSecret: config.payout.webhookSecret });
  const push =
    config.push.provider === 'webpush'
      ? createWebPush({ subject: config.push.subject, publicKey: config.push.publicKey, privateKey: config.push.privateKey })
      : createLocalPush();
  const w = config.whatsapp;
  const whatsapp =
    w.provider === 'http'
      ? createCloudApiWhatsApp({ ...w, logger })
      : w.provider === 'local'
        ? createLocalWhatsApp(
            logger,
            async (entry) => {
              await db.insert(smsOutbox).values(entry);
            },
            w.appSecret,
            w.verifyToken,
          )
        : null;
  // Read on the first bank code looked up, not at start.
  const directory = loadIfscDirectory(config.ifscDirectoryFile, (msg) => logger.warn(msg));
  const ifsc = config.ifscLookupUrl ? createOnlineIfsc(config.ifscLookupUrl, { directory }) : createOfflineIfsc(directory);
  return { sms, storage, localStorage, geocode, payouts, push, whatsapp, ifsc };
}
