import { createContext, useContext } from 'react';
import { apiRequest } from '../../../lib/api.ts';

/* The owner's session (spec section 4, "Admin session"): the signed-in owner and the requests that manage it. */

export type Session = {
  username: string;
  /** Revokes the token on the server, forgets it here and shows the login form. */
  logout(): Promise<void>;
  /** The server refused the token (it lapsed): forget it and show the login form. */
  expire(): void;
};

export const SessionContext = createContext<Session | null>(null);

/** The signed-in owner, for screens inside an `AdminGate`. */
export function useAdminSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession is used outside an AdminGate');
  return session;
}

/** The stored token's owner; fails when the server refuses the token. */
export const verifyAdminSession = () => apiRequest<{ username: string }>('GET', '/api/admin/verify');

/** With two-step sign-in on, `code` goes with the password once the server has asked for it. */
export const logIn = (credentials: { username: string; password: string; code?: string }) =>
  apiRequest<{ token: string }>('POST', '/api/admin/login', credentials);

export const logOut = () => apiRequest('POST', '/api/admin/logout');
