import { useEffect } from 'react';
import { useCall } from '../../api/use-call';
import { readSign, saveSign } from '../../providers/session';

/**
 * The signature token the unilateral calls carry as `sign` (§3 Session): asked of /get_sign once after
 * login and kept with the session (cleared with it); undefined until it arrives.
 */
export function useSign(): string | undefined {
  const stored = readSign();
  const { data } = useCall('signGet', {}, { enabled: !stored, staleTime: Infinity });
  useEffect(() => {
    if (data?.sign) saveSign(data.sign);
  }, [data]);
  return stored ?? data?.sign;
}
