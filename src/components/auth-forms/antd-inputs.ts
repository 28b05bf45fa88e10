import { Input } from 'antd';

/**
 * The two inputs the login forms type into. antd's `Input` carries TextArea, Search and OTP along as static
 * members, which no bundler can drop, so the production build replaces this module by one that takes the two
 * from their own modules (vite.config.ts, `loginInputsAlone`); the prerender (Node) and the tests use it as is.
 */
export const TextInput = Input;
export const PasswordInput = Input.Password;
