import { type FullConfig, request } from '@playwright/test';
import { verificationLinkIn } from './outbox.ts';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** The e2e server's ADMIN_EMAILS makes this address an admin, once it is verified. */
export const ADMIN: Account = { name: 'e2e_admin', email: 'admin@e2e.test', password: 'vinyl-forever' };

/**
 * Makes the admin account once, before any journey, and verifies its address (which grants the
 * role). Journeys then only sign in as it (`becomeAdmin`): when the first journey to need it made
 * it, two journeys running at once could both find it missing, sign up together and open the
 * verification link twice.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = String(config.projects[0]?.use.baseURL);
  // An address of its own: the per-address sign-up and sign-in limits are the journeys'.
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': '10.76.0.1' },
  });
  try {
    const signedUp = await api.post('/api/auth/sign-up/email', {
      data: { name: ADMIN.name, email: ADMIN.email, password: ADMIN.password },
    });
    // A server kept from an earlier run (E2E_BASE_URL, E2E_DATA_DIR) may have it already.
    if (!signedUp.ok()) {
      const signedIn = await api.post('/api/auth/sign-in/email', {
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      if (!signedIn.ok()) throw new Error(`the admin could neither sign up nor sign in: ${await signedIn.text()}`);
    }
    if ((await roleOf(api)) !== 'admin') {
      const opened = await api.get(await verificationLink(ADMIN.email));
      if (!opened.ok()) throw new Error(`the admin's verification link answered ${opened.status()}`);
    }
    const role = await roleOf(api);
    if (role !== 'admin') throw new Error(`the admin account has the role ${role}, not admin`);
  } finally {
    await api.dispose();
  }
}

async function roleOf(api: Awaited<ReturnType<typeof request.newContext>>): Promise<string | undefined> {
  const session = await (await api.get('/api/auth/get-session')).json();
  return session?.user?.role;
}

/** The server writes the mail just after answering the sign-up: wait a little for it. */
async function verificationLink(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const link = verificationLinkIn(email);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${email}`);
}
