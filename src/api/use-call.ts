import {
  useCustom,
  useCustomMutation,
  type BaseRecord,
  type CreateResponse,
  type CustomResponse,
  type HttpError,
  type SuccessErrorNotification,
} from '@refinedev/core';
import { endpoints, type EndpointName } from '#contract/endpoints';
import type { PayloadOf, ReplyOf } from '#contract/calls';

/**
 * Typed calls for pages: the payload and the reply come from contract/calls.ts, the method and the path
 * from the contract table. They run through Refine (the data provider's `custom`), so a failure is shown
 * by the notification provider as every other call's is. Nothing here imports from above src/api.
 */

type Notifications = SuccessErrorNotification<CustomResponse<BaseRecord>, HttpError, unknown>;
type MutationNotifications = SuccessErrorNotification<CreateResponse<BaseRecord>, HttpError, unknown>;

export interface UseCallOptions extends Notifications {
  /** false: do not call yet. */
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  /** ask again every this many ms while the page shows it (a paper run moving on the server); false: never. */
  refetchInterval?: number | false;
}

/** A query of one call: `useCall('apiChargesGet', { apiId })`. `data` is undefined until a reply arrives. */
export function useCall<N extends EndpointName>(name: N, payload: PayloadOf<N>, options: UseCallOptions = {}) {
  const { enabled, staleTime, gcTime, refetchInterval, successNotification, errorNotification } = options;
  const { query } = useCustom<BaseRecord>({
    url: name,
    method: endpoints[name].method === 'GET' ? 'get' : 'post',
    config: { query: payload },
    queryOptions: { enabled, staleTime, gcTime, refetchInterval },
    successNotification,
    errorNotification,
  });
  // the one place a reply is given its type: the contract's reply type of this call
  const data = query.data?.data as ReplyOf<N> | undefined;
  return { data, query };
}

export interface CallMutateOptions<N extends EndpointName> extends MutationNotifications {
  onSuccess?: (reply: ReplyOf<N>) => void;
  onError?: (error: HttpError) => void;
}

/** A call that changes something: `const save = useCallMutation('apiChargesUpdate'); save.mutate({ apiId, … })`. */
export function useCallMutation<N extends EndpointName>(name: N, defaults: MutationNotifications = {}) {
  const { mutate, mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, PayloadOf<N> | undefined>();
  const method = endpoints[name].method === 'PUT' ? 'put' : endpoints[name].method === 'DELETE' ? 'delete' : 'post';
  const request = (payload: PayloadOf<N> | undefined, notifications: MutationNotifications = {}) =>
    ({
      url: name,
      method,
      values: payload,
      successNotification: notifications.successNotification ?? defaults.successNotification,
      errorNotification: notifications.errorNotification ?? defaults.errorNotification,
    }) as const;
  const reply = (response: CreateResponse<BaseRecord>) => response.data as ReplyOf<N>;
  return {
    mutation,
    isPending: mutation.isPending,
    mutate: (payload: PayloadOf<N>, options?: CallMutateOptions<N>) =>
      mutate(request(payload, options), {
        onSuccess: (response) => options?.onSuccess?.(reply(response)),
        onError: (error) => options?.onError?.(error),
      }),
    mutateAsync: async (payload: PayloadOf<N>, notifications?: MutationNotifications) => reply(await mutateAsync(request(payload, notifications))),
  };
}
