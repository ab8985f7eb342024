/**
 * What a person typed or chose in the server's HTML before the page went live.
 * Hydration renders each component with its first state; a controlled field
 * whose first state is empty would then be emptied, and on a slow phone a
 * person often types before the script arrives. The page's form reads these
 * values into its first state. A form inside a Suspense boundary hydrates
 * after the rest of the page, and React may render a form again from scratch
 * before it commits, so this is not tied to the root's first commit: the
 * fields are read once, at the first ask, and answered until the form that
 * used them is on the screen (`keptValuesUsed`); a form mounted later (a
 * product opened in place, the form again after *Not you?*) starts as its own.
 */
let serverHtml = false;
let snapshot: Map<string, string[]> | undefined;
let used = false;

/** Said by the page's hydration: the fields in #root came from the server. */
export function hydratingServerHtml(): void {
  serverHtml = true;
}

/**
 * Whether this page load hydrates a screen the server drew: an area then keeps
 * its login on the screen while the session is asked, instead of a loader.
 */
export function fromServerHtml(): boolean {
  // On the server every render is the server's HTML.
  return serverHtml || typeof document === 'undefined';
}

/** Said by the form that read the values, once it is on the screen. */
export function keptValuesUsed(): void {
  used = true;
}

/**
 * The fields' values in the page's root by `data-keep` (or `name`), on a
 * server-rendered page until a form used them: a checkbox or radio counts
 * when checked, other fields when not empty; a key with several lists them all.
 */
export function keptBeforeHydration(): Map<string, string[]> | undefined {
  if (!serverHtml || used || typeof document === 'undefined') return undefined;
  return (snapshot ??= readFields());
}

function readFields(): Map<string, string[]> {
  const kept = new Map<string, string[]>();
  const root = document.getElementById('root');
  if (!root) return kept;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')) {
    const key = field.dataset.keep ?? field.name;
    if (!key) continue;
    if (field instanceof HTMLInputElement) {
      if (field.type === 'hidden' || field.type === 'file') continue;
      if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue;
    }
    if (field.value === '') continue;
    kept.set(key, [...(kept.get(key) ?? []), field.value]);
  }
  return kept;
}
