/** A small OpenAPI document for stored-integration tests: two operations, `getOrder` and `createOrder`. */
export const ordersApi = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1.0.0' },
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        summary: 'One order',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The order' } },
      },
    },
    '/orders': {
      post: {
        operationId: 'createOrder',
        summary: 'Place an order',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
};
