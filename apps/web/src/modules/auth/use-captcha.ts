import { useCallback, useEffect, useState } from 'react';
import { runtimeConfig } from '../../shared/runtime-config.ts';
import { fetchCaptcha } from './queries.ts';

export interface Captcha {
  /** Whether the server asks for a captcha (runtime configuration). */
  enabled: boolean;
  image: string | null;
  loading: boolean;
  failed: boolean;
  /** Fetches a new image; the previous answer is void. */
  refresh: () => void;
  /** The captcha fields of a call's input (none when captcha is off). */
  answer: (value: string | undefined) => { captcha_id?: string; captcha?: string };
}

/** An image captcha from POST /index/captcha, only when the runtime configuration turns captcha on. */
export function useCaptcha(): Captcha {
  const enabled = runtimeConfig().captcha;
  const [current, setCurrent] = useState<{ id: string; image: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(() => {
    if (!enabled) return;
    setLoading(true);
    fetchCaptcha()
      .then((data) => {
        setCurrent({ id: data.captcha_id, image: data.image });
        setFailed(false);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, [enabled]);

  useEffect(() => refresh(), [refresh]);

  const answer = useCallback(
    (value: string | undefined) => (enabled && current ? { captcha_id: current.id, captcha: value?.trim() ?? '' } : {}),
    [enabled, current],
  );

  return { enabled, image: current?.image ?? null, loading, failed, refresh, answer };
}
