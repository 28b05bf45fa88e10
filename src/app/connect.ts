import { configureClient } from '../api/client';
import { endInvalidSession, getToken } from '../providers/session';

/** Hands the API client the session it works for; done once before the app mounts (and in test setup). */
export function connectApiToSession(): void {
  configureClient({ getToken, onSessionInvalid: endInvalidSession });
}
