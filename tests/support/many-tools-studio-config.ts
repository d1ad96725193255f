/**
 * A configuration with more registered tools than the Tools page shows at once (the test
 * configuration plus 120 small catalogue tools), for the browser test that pages through the
 * Tools list, and one tool whose input nests objects and arrays and which reads the request
 * context, for the runner's generated forms. It runs on a server of its own: in the shared
 * browser-test server these tools would crowd every agent editor's tool picker.
 */
import { z } from 'zod';
import type { StudioOptions } from '../../lib';
import { createTool } from '../../lib/tools';
import testStudioConfig from './test-studio-config';

export const catalogueToolCount = 120;

const catalogueTools = Object.fromEntries(
  Array.from({ length: catalogueToolCount }, (_, index) => {
    const id = `catalogue-tool-${String(index).padStart(3, '0')}`;
    const tool = createTool({
      id,
      description: `Catalogue entry ${index}`,
      inputSchema: z.object({ note: z.string().optional() }),
      execute: async () => ({ index }),
    });
    return [id, tool];
  }),
);

const planShipmentTool = createTool({
  id: 'plan-shipment',
  description: 'Plans a shipment of parcels to one address',
  inputSchema: z.object({
    destination: z.object({ city: z.string().min(1), postcode: z.string().optional() }),
    parcels: z.array(z.object({ weightKg: z.number().positive(), fragile: z.boolean().optional() })),
    speed: z.enum(['standard', 'express']),
    note: z.string().optional(),
  }),
  requestContextSchema: z.object({ tier: z.enum(['free', 'pro']), customerId: z.string().optional() }),
  execute: async ({ destination, parcels, speed, note }, { requestContext }) => ({
    plan: `${parcels.length} parcels, ${parcels.reduce((sum, parcel) => sum + parcel.weightKg, 0)} kg, ${speed} to ${destination.city}`,
    fragile: parcels.filter((parcel) => parcel.fragile === true).length,
    postcodeGiven: destination.postcode !== undefined,
    noteGiven: note !== undefined,
    tier: requestContext.tier,
  }),
});

const manyToolsStudioConfig: StudioOptions = {
  ...testStudioConfig,
  tools: { ...testStudioConfig.tools, ...catalogueTools, [planShipmentTool.id]: planShipmentTool },
};

export default manyToolsStudioConfig;
