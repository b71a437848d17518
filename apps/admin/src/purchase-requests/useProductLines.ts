import { useGetList, useGetMany } from 'react-admin';
import type { ProductOperation, ProductPart } from '../api/contracts';
import { buyableParts } from './purchase-request-record';

/** A product's production line as the stepper and the attach dialogs offer it: named, with its product. */
export interface ProductLine {
  id: string;
  productId: string;
  productName: string;
  name: string;
  number?: string | null;
  boughtIn?: boolean | null;
  quantity?: number;
}

const ALL = { page: 1, perPage: 1000 };

const nameOf = (records: { id: unknown; name?: unknown }[] | undefined, id: string | null | undefined) =>
  String(records?.find((record) => record.id === id)?.name ?? '--');

/**
 * The product operations and the buyable product parts (those with a part) of `productIds`, named
 * by their operation or part and their product. Asked once for all products (`productId` repeats).
 */
export function useProductLines(productIds: readonly string[]): { operations: ProductLine[]; parts: ProductLine[]; isPending: boolean } {
  const enabled = productIds.length > 0;
  const filter = { productId: [...productIds] };
  const operations = useGetList<ProductOperation>('product-operations', { filter, pagination: ALL, sort: { field: 'sorting', order: 'ASC' } }, { enabled });
  const parts = useGetList<ProductPart>('product-parts', { filter, pagination: ALL, sort: { field: 'createdAt', order: 'ASC' } }, { enabled });
  const products = useGetMany('products', { ids: [...productIds] }, { enabled });
  const operationIds = [...new Set((operations.data ?? []).map((line) => line.operationId).filter((id): id is string => Boolean(id)))];
  const partIds = [...new Set((parts.data ?? []).map((line) => line.partId).filter((id): id is string => Boolean(id)))];
  const operationNames = useGetMany('operations', { ids: operationIds }, { enabled: operationIds.length > 0 });
  const partNames = useGetMany('parts', { ids: partIds }, { enabled: partIds.length > 0 });
  if (!enabled) return { operations: [], parts: [], isPending: false };
  return {
    operations: (operations.data ?? []).map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: nameOf(products.data, line.productId),
      name: nameOf(operationNames.data, line.operationId),
      boughtIn: line.boughtIn,
    })),
    parts: buyableParts(parts.data ?? []).map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: nameOf(products.data, line.productId),
      name: nameOf(partNames.data, line.partId),
      number: (partNames.data?.find((part) => part.id === line.partId)?.number as string | undefined) ?? null,
      quantity: line.quantity,
    })),
    isPending: operations.isPending || parts.isPending || products.isPending,
  };
}
