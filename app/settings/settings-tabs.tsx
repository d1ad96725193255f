'use client';
/**
 * Settings' tabs. The open tab is in the address (`?tab=users`), so a reload or a shared link shows
 * the same one; choosing a tab replaces the address without loading the page again.
 */
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../_components/ui/tabs';
import { settingsTabs, type SettingsTab } from './tab-names';

export function SettingsTabs({ initial, panels }: { initial: SettingsTab; panels: Record<SettingsTab, ReactNode> }) {
  function remember(tab: string) {
    const url = new URL(window.location.href);
    // The audit log's filters belong to its tab; another tab starts from a clean address.
    url.search = tab === 'audit' ? '' : `?tab=${tab}`;
    window.history.replaceState(window.history.state, '', url);
  }
  return (
    <Tabs defaultValue={initial} onValueChange={remember}>
      <TabsList aria-label="Settings">
        {settingsTabs.map(([value, label]) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {settingsTabs.map(([value]) => (
        <TabsContent key={value} value={value}>
          {panels[value]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
