// Prints the DATA_DOWNLOAD_PASSCODE_HASH value for a passcode:
//   npx tsx apps/server/src/modules/data-download/hash-passcode.ts '<passcode>'
import { randomBytes } from 'node:crypto';
import { hashPasscode } from './passcode';

const passcode = process.argv[2];
if (!passcode || passcode.length < 8) {
  console.error('Usage: hash-passcode.ts <passcode of at least 8 characters>');
  process.exit(1);
}
console.log(await hashPasscode(passcode, randomBytes(16)));
