/** Tool providers with their toolkits and the connections (accounts) an agent can pin for each. */
import type { OperationOutput } from '@/lib/client';
import { Card, Note } from '../../_components/ui/card';

export type ProviderSummary = OperationOutput<'listToolProviders'>['items'][number];

const scopeText: Record<string, string> = {
  shared: 'one shared account',
  'caller-supplied': "the caller's account (the request's resource id)",
  'per-author': "the agent author's account",
};

export function ProviderList({ providers }: { providers: ProviderSummary[] }) {
  return (
    <div className="flex flex-col gap-3">
      {providers.map((provider) => (
        <Card key={provider.id} className="flex flex-col gap-2">
          <section aria-label={`Provider ${provider.name}`} className="flex flex-col gap-2">
            <h3 className="font-semibold">
              {provider.name} <span className="font-mono text-xs font-normal text-slate-600">{provider.id}</span>
            </h3>
            {provider.description ? <p className="text-sm text-slate-700">{provider.description}</p> : null}
            <p className="text-xs text-slate-600">
              Acts by default as {scopeText[provider.capabilities.defaultScope] ?? provider.capabilities.defaultScope};{' '}
              {provider.capabilities.multipleConnectionsPerToolkit
                ? 'a toolkit may route through several connections.'
                : 'one connection per toolkit.'}
            </p>
            {provider.error ? <Note tone="warning">Could not list its toolkits: {provider.error}</Note> : null}
            {provider.toolkits.map((toolkit) => (
              <div key={toolkit.slug} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-medium">
                  {toolkit.name} <span className="font-mono text-xs text-slate-600">{toolkit.slug}</span>
                </p>
                {toolkit.description ? <p className="text-slate-700">{toolkit.description}</p> : null}
                {toolkit.connections.length === 0 ? (
                  <p className="text-slate-700">No connections to pin.</p>
                ) : (
                  <ul aria-label={`Connections of ${toolkit.name}`} className="mt-1 list-disc pl-5">
                    {toolkit.connections.map((connection) => (
                      <li key={connection.connectionId}>
                        {connection.label ?? connection.connectionId}{' '}
                        <span className="text-slate-600">
                          ({connection.kind}
                          {connection.scope ? `, ${scopeText[connection.scope] ?? connection.scope}` : ''})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </section>
        </Card>
      ))}
    </div>
  );
}
