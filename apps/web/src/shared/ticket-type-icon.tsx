/** Our icon for each ticket type (the spec's icon table is not shown): a tinted disc with a glyph. */
const ICONS: Record<number, { color: string; path: string }> = {
  // How to Start: a play triangle.
  10: { color: '#0b5cad', path: 'M16 12 L29 20 L16 28 Z' },
  // Project's Training: a mortarboard.
  20: { color: '#6a3fb5', path: 'M8 17 L20 11 L32 17 L20 23 Z M13 20 V26 C13 28 27 28 27 26 V20 L20 24 Z' },
  // Pending/Expired Tasks: a clock.
  30: { color: '#a15c00', path: 'M20 9 A11 11 0 1 1 19.99 9 Z M19 14 V21 L25 24 L26 22 L21 19.5 V14 Z' },
  // Rejected Tasks: a cross.
  40: { color: '#c62828', path: 'M13 15 L15 13 L20 18 L25 13 L27 15 L22 20 L27 25 L25 27 L20 22 L15 27 L13 25 L18 20 Z' },
  // Payment Query: a rupee sign.
  50: {
    color: '#1b7f3b',
    path: 'M13 11 H27 V13.5 H22.5 C23.4 14.3 24 15.3 24.2 16.5 H27 V19 H24.2 C23.7 22 21.3 24 18 24.3 L25 31 H21.5 L15 24.7 V22 H17.5 C19.6 22 21.2 20.8 21.6 19 H13 V16.5 H21.6 C21.2 14.8 19.6 13.5 17.5 13.5 H13 Z',
  },
  // Recharge: a lightning bolt.
  60: { color: '#0a7c86', path: 'M22 8 L12 22 H19 L17 32 L28 17 H21 Z' },
  // Others: a question mark.
  0: {
    color: '#5b6675',
    path: 'M15 15.5 C15 12 17.5 10 20.2 10 C23.4 10 25.5 12.2 25.5 14.8 C25.5 18.9 21.3 19 21.3 23 H18.7 C18.7 17.8 22.8 17.8 22.8 14.9 C22.8 13.5 21.8 12.5 20.2 12.5 C18.6 12.5 17.6 13.6 17.6 15.5 Z M18.6 26 H21.4 V29 H18.6 Z',
  },
};

export function TicketTypeIcon({ type, size = 40 }: { type: number; size?: number }) {
  const icon = ICONS[type] ?? ICONS[0]!;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="ticket-type-icon">
      <circle cx="20" cy="20" r="20" fill={icon.color} opacity="0.14" />
      <path d={icon.path} fill={icon.color} fillRule="evenodd" />
    </svg>
  );
}
