import type { ListResult } from '@/lib/listQuery';
import type { ListShipmentsBody, ShipmentDetail, ShipmentListItem } from '@/lib/orders/schemas';
import { apiPost } from './client';
import type { ApiRequestOptions } from './types';

/** Shipments of the current customer's orders (docs/orders.md "Order tracking"). */

export const listShipments = (body: Partial<ListShipmentsBody>, opts?: ApiRequestOptions) =>
  apiPost<ListResult<ShipmentListItem>>('/api/tracking/listShipments', body, opts);

export const getShipment = (id: string, opts?: ApiRequestOptions) => apiPost<ShipmentDetail>('/api/tracking/getShipment', { id }, opts);
