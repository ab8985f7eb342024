import { useEffect, useRef, useState } from 'react';
import type { LeadFieldValues } from '../../shared/lead-form';
import { clearDraft, loadDraft, saveDraft } from './lead-draft';

/** How long typing rests before the draft is written to the device. */
export const DRAFT_SAVE_MS = 300;

/**
 * The draft of this form on the device: loaded once, written while the person
 * types, cleared once the lead is sent or queued.
 */
export function useLeadDraft(id: string, values: LeadFieldValues | undefined, key: string) {
  const [loaded, setLoaded] = useState<{ values: LeadFieldValues; key: string } | null | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const cleared = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    let live = true;
    void loadDraft(id).then((d) => live && setLoaded(d && Object.keys(d.values).length > 0 ? d : null));
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => {
    if (values === undefined || cleared.current) return;
    // 'Saved' says the latest values are on the device, not earlier ones.
    setSaved(false);
    const timer = setTimeout(() => {
      // A save that was waiting when the lead went must not bring the draft back.
      if (cleared.current) return;
      void saveDraft(id, { key, values }).then(() => !cleared.current && setSaved(true));
    }, DRAFT_SAVE_MS);
    pending.current = timer;
    return () => clearTimeout(timer);
  }, [id, key, values]);
  return {
    loaded,
    saved,
    clear: async () => {
      cleared.current = true;
      clearTimeout(pending.current);
      setSaved(false);
      await clearDraft(id);
    },
    restart: async () => {
      await clearDraft(id);
      setSaved(false);
    },
  };
}
