import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { AdminLoginSchema } from '../../../domain/api/admin-auth.ts';
import { Field } from '../../components/ui/field.tsx';
import { Form, FormInput, type FormMethods, FormSubmit } from '../../components/ui/form.tsx';
import { ADMIN_TOKEN_KEY, ApiRequestError, getAdminToken } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { logIn, logOut, SessionContext, verifyAdminSession } from './shared/session.ts';

function forgetToken(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to forget
  }
}

type GateState = { kind: 'checking' } | { kind: 'signed-out' } | { kind: 'signed-in'; username: string };

/**
 * The admin login guard (spec section 4, "Admin session"): on load it verifies the token stored under
 * `adminToken`; a refused token is removed and the login form shows; otherwise its children show.
 * Used by /admin and /admin/calendar-sync.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    if (!getAdminToken()) {
      setState({ kind: 'signed-out' });
      return;
    }
    verifyAdminSession()
      .then(({ username }) => {
        if (live) setState({ kind: 'signed-in', username });
      })
      .catch(() => {
        forgetToken();
        if (live) setState({ kind: 'signed-out' });
      });
    return () => {
      live = false;
    };
  }, []);

  const signOut = useCallback(() => {
    forgetToken();
    queryClient.clear(); // guests' details do not outlive the session in this tab
    setState({ kind: 'signed-out' });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await logOut();
    } catch {
      // the token is forgotten here whatever the server said
    }
    signOut();
    toast({ title: 'Logged Out', description: 'You have been logged out.' });
  }, [signOut]);

  if (state.kind === 'checking') {
    return (
      <div className="flex min-h-[40vh] items-center justify-center" role="status">
        <span className="text-stone-600">Checking your session…</span>
      </div>
    );
  }
  if (state.kind === 'signed-out') {
    return <LoginForm onLoggedIn={(username) => setState({ kind: 'signed-in', username })} />;
  }
  return (
    <SessionContext.Provider value={{ username: state.username, logout, expire: signOut }}>
      {children}
    </SessionContext.Provider>
  );
}

/**
 * Spec sections 2 and 5: both fields required; submit does nothing while either is empty (the browser's own
 * check, then the login schema's, which no field shows: the spec's form says nothing until the server answers).
 * With two-step sign-in on, the server answers the right password with `two_factor_required`: the code field
 * then appears under the password, and the next submit sends all three (docs/decisions/020-the-owners-account.md).
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn(username: string): void }) {
  const [askCode, setAskCode] = useState(false);

  async function onSubmit(
    credentials: { username: string; password: string; code?: string | undefined },
    form: FormMethods<typeof AdminLoginSchema>,
  ) {
    try {
      const { token } = await logIn(credentials);
      window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
      toast({ title: 'Login Successful', description: 'Welcome back.' });
      onLoggedIn(credentials.username);
    } catch (error) {
      const failure = error instanceof ApiRequestError ? error : undefined;
      if (failure?.code === 'two_factor_required') {
        setAskCode(true);
        return;
      }
      // A throttled login and a wrong code say what happened in the server's own sentence.
      const own = failure?.status === 429 || failure?.code === 'invalid_code';
      if (failure?.code === 'invalid_code') form.setValue('code', '');
      toast({
        title: 'Login Failed',
        description: own ? String(failure?.body?.message) : 'Invalid username or password',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="mx-auto max-w-sm px-4 py-16">
      <Form
        schema={AdminLoginSchema}
        defaultValues={{ username: '', password: '' }}
        onSubmit={onSubmit}
        noValidate={false}
        className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
        aria-labelledby="admin-login-heading"
      >
        {(form) => (
          <>
            <h1 id="admin-login-heading" className="font-serif text-2xl">
              Admin Login
            </h1>
            <p className="mt-1 text-sm text-stone-600">For the owner of The Tower.</p>
            <Field label="Username" id="admin-username" className="mt-6">
              <FormInput name="username" autoComplete="username" required />
            </Field>
            <Field label="Password" id="admin-password" className="mt-4">
              <FormInput name="password" type="password" autoComplete="current-password" required />
            </Field>
            {askCode ? <CodeField focus={() => form.setFocus('code')} /> : null}
            <FormSubmit className="mt-6 w-full" pendingLabel="Logging in...">
              Login
            </FormSubmit>
          </>
        )}
      </Form>
    </div>
  );
}

/** The code field, shown once the password was accepted: the owner types the code at once. */
function CodeField({ focus }: { focus(): void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: focused once, when the field appears
  useEffect(() => focus(), []);
  return (
    <Field
      label="Authentication code"
      id="admin-code"
      className="mt-4"
      hint="Two-step sign-in is on: enter the 6 digits your authenticator app shows, or one of your recovery codes."
    >
      <FormInput name="code" autoComplete="one-time-code" required />
    </Field>
  );
}
