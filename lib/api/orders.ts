import type { ListResult } from '@/lib/listQuery';
import type {
  CancelOrderBody,
  ListOrdersBody,
  OrderableMachine,
  OrderableProduct,
  OrderDetail,
  OrderListItem,
  OrderSummary,
  PlaceOrderResult,
  PlaceTonerOrderBody,
} from '@/lib/orders/schemas';
import { apiPost } from './client';
import type { ApiRequestOptions } from './types';

/** Orders of the current customer (docs/orders.md). Bodies are the shared schemas' types (lib/orders/schemas). */

export const listOrders = (body: Partial<ListOrdersBody>, opts?: ApiRequestOptions) =>
  apiPost<ListResult<OrderListItem>>('/api/orders/listOrders', body, opts);

export const getOrder = (id: string, opts?: ApiRequestOptions) => apiPost<OrderDetail>('/api/orders/getOrder', { id }, opts);

/** Silent: the home card's figures. */
export const getOrderSummary = (opts?: ApiRequestOptions) =>
  apiPost<OrderSummary>('/api/orders/getOrderSummary', {}, { silent: true, ...opts });

export const listOrderableMachines = (opts?: ApiRequestOptions) =>
  apiPost<OrderableMachine[]>('/api/orders/listOrderableMachines', {}, opts);

export const listProductsForMachine = (machineId: string, opts?: ApiRequestOptions) =>
  apiPost<OrderableProduct[]>('/api/orders/listProductsForMachine', { machineId }, opts);

export const placeTonerOrder = (body: PlaceTonerOrderBody, opts?: ApiRequestOptions) =>
  apiPost<PlaceOrderResult>('/api/orders/placeTonerOrder', body, opts);

export const cancelOrder = (body: CancelOrderBody, opts?: ApiRequestOptions) =>
  apiPost<{ id: string; status: 'cancelled' }>('/api/orders/cancelOrder', body, opts);
