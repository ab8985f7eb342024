/**
 * A credit bureau answers a person's credit profile from their PAN, after the
 * person consented. A real bureau sits behind this same interface.
 */
export interface CreditProfile {
  /** Bureau score, 300 to 900. */
  score: number;
  /** Age in whole years. */
  age: number;
}

export interface CreditBureau {
  readonly name: string;
  fetchProfile(input: { pan: string; name: string; mobile: string; consent_id: string }): Promise<CreditProfile>;
}

/**
 * The default, offline bureau. It derives the profile from the PAN's four
 * digits so tests and demos can reach every outcome:
 * score = 300 + 6 × (first two digits), age = 18 + (last two digits mod 62).
 * AKXPV4821M → score 588, age 39; ABCDE7512F → score 750, age 30.
 */
export function createSimulatedBureau(): CreditBureau {
  return {
    name: 'simulated',
    async fetchProfile({ pan }) {
      return simulatedProfile(pan);
    },
  };
}

export function simulatedProfile(pan: string): CreditProfile {
  const digits = pan.slice(5, 9);
  if (!/^[0-9]{4}$/.test(digits)) throw new Error('A PAN has four digits at positions 6 to 9');
  const high = Number(digits.slice(0, 2));
  const low = Number(digits.slice(2, 4));
  return { score: 300 + 6 * high, age: 18 + (low % 62) };
}
