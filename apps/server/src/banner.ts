import { DEMO_DATA_DOWNLOAD_PASSCODE, DEMO_DATA_DOWNLOAD_PASSCODE_HASH, type Config } from './config';
import { DEMO } from './seed/demo-ids';
import { demoFeedbackPath } from './seed/feedback.seed';

/** What a person needs after `npm start`: the URL, the demo logins, where OTPs appear. */
export function printBanner(info: { config: Config; port: number; database: string; seeded: boolean; startupMs: number }) {
  const base = info.config.publicUrl ?? `http://localhost:${info.port}`;
  const lines = [
    '',
    `  PickMyWork is running on ${base}  (started in ${info.startupMs} ms)`,
    `  Database: ${info.database === 'pglite' ? `PGlite in ${info.config.dataDir}` : 'PostgreSQL'}${info.seeded ? ' (demo data loaded now)' : ''}`,
    '',
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
    info.config.devOutbox
      ? `  OTPs are printed in this log and kept in the dev outbox: ${base}/api/v2/dev/outbox?mobile=${DEMO.asha.mobile}`
      : `  OTPs are sent through the ${info.config.sms.provider} SMS provider.`,
    '',
  ];
  console.log(lines.join('\n'));
}
