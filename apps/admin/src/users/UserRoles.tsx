import { ChipField, ReferenceArrayField, SingleFieldList, useCanAccess } from 'react-admin';

/** The user's roles as chips; hidden from those who may not read roles. */
export const UserRoles = (_props: { label?: string }) => {
  const { canAccess } = useCanAccess({ resource: 'roles', action: 'list' });
  if (!canAccess) return null;
  return (
    <ReferenceArrayField source="roleIds" reference="roles">
      <SingleFieldList linkType={false}>
        <ChipField source="name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
};
