import type { Metadata } from 'next';
import { SimplePage } from '../_components/simple-page';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <SimplePage
      title="Settings"
      lead="API keys, users and roles, and the audit log arrive with sign-in. Until then the studio listens on this machine only and every change is recorded as made by local (see GET /api/audit)."
    />
  );
}
