import type { ReactNode } from 'react';
import './form.css';

/** The centred card every account screen uses: title, form, links underneath. */
export function AuthCard({ title, children, links }: { title: string; children: ReactNode; links?: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
        {links && <div className="form-links">{links}</div>}
      </div>
    </div>
  );
}
