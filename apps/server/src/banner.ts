import { DEMO_DATA_DOWNLOAD_PASSCODE, DEMO_DATA_DOWNLOAD_PASSCODE_HASH, type Config } from './config';
import { DEMO } from './seed/demo-ids';
import { demoFeedbackPath } from './seed/feedback.seed';

export interface BannerInfo {
  config: Config;
  port: number;
  database: string;
  /** The demo data was loaded on this start. */
  seeded: boolean;
  /** The database holds the demo data (loaded now or on an earlier start). */
  demo: boolean;
  /** Ops agents who may sign in to the console. */
  opsAgents: number;
  startupMs: number;
}

/**
 * What a person needs after the start, and only what is true of this
 * database: the demo logins when the demo data is there; otherwise where the
 * console is and how its first admin is made.
 */
export function bannerLines(info: BannerInfo): string[] {
  const base = info.config.publicUrl ?? `http://localhost:${info.port}`;
  const lines = [
    '',
    `  PickMyWork is running on ${base}  (started in ${info.startupMs} ms)`,
    `  Database: ${info.database === 'pglite' ? `PGlite in ${info.config.dataDir}` : 'PostgreSQL'}${info.seeded ? ' (demo data loaded now)' : ''}`,
    '',
  ];
  if (info.demo) {
    lines.push(
      '  Demo logins (mobile, then the OTP):',
      `    Partner Asha Verma   ${DEMO.asha.mobile}   ${base}/partner/`,
      `    Partner Ravi Kumar   ${DEMO.ravi.mobile}   ${base}/partner/`,
      `    Team member Meena    9876500011   ${base}/mt/TEAM01`,
      `    Ops agent (admin)    ${DEMO.opsAgent.mobile}   ${base}/ops/  and  ${base}/ops/support/`,
      `    Worker support       any partner  ${base}/support`,
      '',
      '  Public pages:',
      `    Campaign page        ${base}/utm/${DEMO.asha.utm_code}`,
      `    Merchant feedback    ${base}${demoFeedbackPath}`,
      `    Data download        ${base}/bueno/output${info.config.dataDownloadPasscodeHash === DEMO_DATA_DOWNLOAD_PASSCODE_HASH ? `  (demo passcode ${DEMO_DATA_DOWNLOAD_PASSCODE})` : ''}`,
      `    Job pages            see docs/areas/hiring.md (one link per hiring project)`,
      '',
    );
  } else {
    lines.push(
      `  Ops console           ${base}/ops/`,
      `  Partner portal        ${base}/partner/`,
      info.opsAgents === 0
        ? '  No ops agent can sign in yet: create the first admin with `npm run create-admin -- <mobile>`, then sign in at /ops/ with that mobile and its OTP.'
        : `  ${info.opsAgents === 1 ? '1 ops agent' : `${info.opsAgents} ops agents`} may sign in to the console; add more in Agents.`,
      '  From an empty install to the first paid partner: docs/operating.md.',
      '',
    );
  }
  lines.push(
    info.config.devOutbox
      ? `  OTPs are printed in this log and kept in the dev outbox: ${base}/api/v2/dev/outbox?mobile=<mobile>`
      : info.config.sms.provider === 'http'
        ? '  OTPs are texted through the http SMS provider (SMS_HTTP_URL).'
        : `  OTPs are printed in this log only (SMS_PROVIDER=console); set SMS_PROVIDER=http to text them.`,
    '',
  );
  return lines;
}

export function printBanner(info: BannerInfo) {
  console.log(bannerLines(info).join('\n'));
}
