'use client';
/**
 * Mounts Scalar's API reference (its browser bundle, served by this server at
 * `/api-reference/standalone.js`) on the OpenAPI document. Everything that would reach another
 * host is off: no web fonts, no telemetry, no request proxy, no hosted API client, no developer tools (their share button goes to Scalar's registry).
 */
import { useEffect, useRef, useState } from 'react';

const bundlePath = '/api-reference/standalone.js';

interface ScalarInstance {
  destroy(): void;
}
type ScalarGlobal = { createApiReference(element: Element, configuration: Record<string, unknown>): ScalarInstance };

const configuration = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  hideDarkModeToggle: true,
  forceDarkModeState: 'light',
  documentDownloadType: 'json',
  // The typed client's methods are named by operationId: the reference shows them.
  showOperationId: true,
};

/** Loads the bundle once per page (a same-origin script, as the page's Content-Security-Policy allows). */
function loadBundle(): Promise<ScalarGlobal> {
  const loaded = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = bundlePath;
    script.async = true;
    script.onload = () => {
      const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (scalar) resolve(scalar);
      else reject(new Error('The API reference renderer did not start.'));
    };
    script.onerror = () => reject(new Error('The API reference renderer could not be loaded.'));
    document.head.appendChild(script);
  });
}

export function ApiReferenceView() {
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    let instance: ScalarInstance | undefined;
    let cancelled = false;
    loadBundle().then(
      (scalar) => {
        if (cancelled || !container.current) return;
        instance = scalar.createApiReference(container.current, configuration);
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, []);
  return (
    <div>
      {problem ? (
        <p role="alert" className="text-danger">
          {problem} The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      ) : null}
      <div ref={container} data-api-reference className="api-reference" />
    </div>
  );
}
