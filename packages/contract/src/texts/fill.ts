/** A text with its `{placeholders}` filled in; a placeholder with no value stays as it is. */
export const fillText = (template: string, vars: Readonly<Record<string, string | number>>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
