// Writes apps/server/src/db/sql/contract-constants.sql from the contract (see apps/server/src/db/contract-constants.ts).
import { writeFileSync } from 'node:fs';
import { contractConstantsSql } from '../apps/server/src/db/contract-constants';

const file = new URL('../apps/server/src/db/sql/contract-constants.sql', import.meta.url);
writeFileSync(file, contractConstantsSql());
console.log(`wrote ${file.pathname}`);
