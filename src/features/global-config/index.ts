import type { GlobalConfig } from '#contract/rules/global-config-rules';
import { onCall, type CallParams } from '../../providers/data';

/** Refine's id of the one global config record: there is only one, so any id reads and saves it. */
export const GLOBAL_CONFIG_ID = 'global';

/** The global config (spec §2 /config, §3, §7): a singleton, read (one) and saved (update) whole. */
export const globalConfigResource = {
  name: 'global-config',
  meta: {
    calls: {
      one: onCall('globalConfigGet', {
        toPayload: () => ({}),
        select: (config) => ({ data: { id: GLOBAL_CONFIG_ID, ...config } }),
      }),
      update: onCall('globalConfigUpdate', {
        toPayload: ({ variables }: CallParams<GlobalConfig>) => variables,
        select: (config) => ({ data: { id: GLOBAL_CONFIG_ID, ...config } }),
      }),
    },
  },
};
