import type { ReactNode } from 'react';
import './posts.css';

/** Post cards one under another. */
export function PostList({ children }: { children: ReactNode }) {
  return <div className="post-list">{children}</div>;
}
