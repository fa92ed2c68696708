import type { Mail } from '../lib/mailer.ts';

/** The e-mails accounts send. Links are built by Better Auth; the words are ours. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function resetPasswordEmail(to: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your liner password',
    text: `Someone asked to reset the password of your liner account.\n\nSet a new password here (the link works once and expires in one hour):\n${url}\n\nIf this wasn't you, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your liner account.</p><p><a href="${escapeHtml(url)}">Set a new password</a> — the link works once and expires in one hour.</p><p>If this wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

const VERIFY_SUBJECT = 'Verify your liner e-mail address';

export function verifyEmail(to: string, url: string): Mail {
  return {
    to,
    subject: VERIFY_SUBJECT,
    text: `Welcome to liner. Confirm that this is your e-mail address (the link expires in 24 hours):\n${url}\n\nIf you didn't create a liner account, ignore this e-mail.\n`,
    html: `<p>Welcome to liner. <a href="${escapeHtml(url)}">Confirm that this is your e-mail address</a> — the link expires in 24 hours.</p><p>If you didn't create a liner account, ignore this e-mail.</p>`,
  };
}

const CONFIRM_CHANGE_SUBJECT = 'Confirm your new liner e-mail address';

export function confirmNewEmail(to: string, url: string): Mail {
  return {
    to,
    subject: CONFIRM_CHANGE_SUBJECT,
    text: `Someone asked to use this address for their liner account. Your account's e-mail changes to ${to} when you open this link (it expires in 24 hours):\n${url}\n\nIf this wasn't you, ignore this e-mail: nothing changes.\n`,
    html: `<p>Someone asked to use this address for their liner account. <a href="${escapeHtml(url)}">Confirm the change</a> — it expires in 24 hours.</p><p>If this wasn't you, ignore this e-mail: nothing changes.</p>`,
  };
}

const CHANGE_NOTICE_SUBJECT = 'Your liner e-mail address is about to change';

export function emailChangeNotice(to: string, newEmail: string): Mail {
  return {
    to,
    subject: CHANGE_NOTICE_SUBJECT,
    text: `Someone signed in to your liner account asked to change its e-mail address to ${newEmail}. It changes only when the link sent to that address is opened.\n\nIf this wasn't you, change your password now and log out of your other sessions in Settings.\n`,
    html: `<p>Someone signed in to your liner account asked to change its e-mail address to <b>${escapeHtml(newEmail)}</b>. It changes only when the link sent to that address is opened.</p><p>If this wasn't you, change your password now and log out of your other sessions in Settings.</p>`,
  };
}
