/** The team code is remembered on the device so /mt opens the last team. */
const KEY = 'pmw_team_code';

export function rememberedTeamCode(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberTeamCode(code: string) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Private mode without storage: the code stays in the URL only.
  }
}
