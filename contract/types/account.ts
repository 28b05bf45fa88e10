/**
 * Payloads and replies (the `data` of the envelope) of the calls, by area: one file per area in
 * contract/types/, as the console and the reference server both read them. Field names are the spec's
 * (§3, §7); the token is added by the client and is not listed. Records that shared rules read are defined
 * beside those rules (contract/rules/) and imported from there.
 *
 * This file: account and session (spec §7 Account and session).
 */

export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  success: number;
  new_captcha: boolean;
  user_id: string;
  /** leading zero bits of the slider's proof of work (contract/rules/captcha.ts); absent = 0. */
  difficulty?: number;
}
/** The captcha fields sent with a login, once the slider is completed. */
export interface CaptchaAnswer {
  geetest_challenge: string;
  geetest_validate: string;
  geetest_seccode: string;
}
export interface LoginRequest extends CaptchaAnswer {
  userId: string;
  username: string;
  password: string;
}
export interface LoginReply {
  token: string;
  is_super: 0 | 1;
  userName: string;
  level: number;
}
export interface UnilateralLoginRequest {
  userName: string;
  userPassword: string;
}
/** The spec shows token and pes beside code; the reference server also puts them in data. */
export interface UnilateralLoginReply {
  token: string;
  pes: number;
}
export interface RegisterRequest {
  username: string;
  password: string;
  telPhone: string;
}
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
}
/** A password change ends every other session; the one that made it carries on with this fresh token. */
export interface ChangePasswordReply {
  token: string;
}
/** /display/permission/data: column paths the user may open, and strategy_* action keys (§6). */
export interface PermissionData {
  columns: string[];
  strategy: string[];
  userName: string;
  is_super: 0 | 1;
  level: number;
  /** the level a unilateral login returns; 1 = the unilateral side's admin (docs/spec-coverage.md §6). */
  pes?: number;
}
