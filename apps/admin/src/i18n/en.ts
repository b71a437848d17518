/**
 * Every text of the console in English (the default and the fallback). The
 * product's own texts live under `fabquote.*`, each area's under
 * `resources.<area>.*`; react-admin's come from ra-language-english.
 */
export const en = {
  fabquote: {
    app_name: 'Fabquote',
    menu: {
      partners: 'Partners',
      materials: 'Materials',
      authentication: 'Authentication',
    },
    pages: {
      list: 'List',
      create: 'Create',
      view: 'Details',
      edit: 'Edit',
      prices: 'Prices',
      materials: 'Materials',
      items: 'Items',
      calculations: 'Calculations',
      contours: 'Contours',
      'geometry-bends': 'Geometry: bends',
      'geometry-contours': 'Geometry: contours',
      'geometry-holes': 'Geometry: holes',
      'production-materials': 'Production: materials',
      'production-operations': 'Production: operations',
      'production-parts': 'Production: parts',
      'email-preview': 'Email preview',
      offers: 'Offers',
      'product-operations': 'Product operations',
      'product-parts': 'Product parts',
      products: 'Products',
      suppliers: 'Suppliers',
      'bulk-prices': 'Bulk prices',
      details: 'Details',
      factors: 'Factors',
      profile: 'Profile',
      login: 'Sign in',
      'forgot-password': 'Forgot password',
      'reset-password': 'Reset password',
      'no-organization': 'Organization not found',
      'public-purchase-request': 'Purchase request',
    },
    planned: {
      not_built: 'This page is not available yet.',
      record: 'Record %{id}',
    },
    dashboard: {
      widgets: 'Widgets',
      intervals: 'Intervals',
      widget: {
        orders_by_status: 'Orders by status',
        conversion_rate: 'Conversion rate offer to order',
        number_of_orders: 'Number of orders',
        order_volume: 'Order volume',
        products_by_status: 'Products by status',
        number_of_products: 'Number of products',
        recent_orders: 'Recent orders',
        recent_products: 'Recent products',
      },
      interval: {
        days_30: '30 days',
        days_60: '60 days',
        days_365: '365 days',
        today: 'Today',
        month_to_date: 'Month to date',
        quarter_to_date: 'Quarter to date',
        year_to_date: 'Year to date',
      },
    },
    not_found: {
      title: 'Page not found',
      message: 'This page does not exist.',
      home: 'Back home',
    },
    no_organization: {
      title: 'Organization not found',
      message: 'This address does not belong to a Fabquote organization. Please check the link you used.',
      hint: 'On localhost, add ?host=your-organization to the address.',
    },
    public_purchase_request: {
      intro: 'Purchase request %{id}',
      planned:
        'Suppliers will answer the purchase request here: technical documentation, the offer form and asking a question. This page is not available yet.',
    },
    errors: {
      session_expired: 'Your session expired. Please login in again to use the application',
      forbidden: 'You are not allowed to perform this action',
      server_error: 'A server error occurred during request execution',
      request_failed: 'The request could not be completed. Please try again.',
      not_authorized: 'You are not authorized to view this page.',
      save_failed: 'Failed to save changes',
      delete_failed: 'Could not delete the selected row',
    },
    validation: {
      email: 'Invalid email format',
      passwords_do_not_match: 'Passwords do not match',
      too_long: 'Value can not be longer than %{maxLength} characters',
      positive_number: 'Value must be a positive number',
    },
    files: {
      choose: 'Choose a file',
      choose_several: 'Choose files',
      required: 'Please select files to upload',
      type_not_accepted: 'This file type is not accepted',
      too_large: 'The file size should be less than 10MB',
      avatar_too_large: 'Avatar file size should be less than 10MB',
    },
    clipboard: {
      copy: 'Copy',
      copied: 'Text copied to clipboard',
      failed: 'The text could not be copied',
    },
    delete: {
      title: 'Delete %{name}?',
      explanation: 'This can not be undone. Type %{word} to confirm.',
      type_word: 'Type %{word}',
    },
    otp: {
      label: 'One-time password',
      digit: 'Digit %{position} of %{count}',
    },
    locale: {
      choose: 'Language',
    },
    user_menu: {
      open: 'Account',
    },
    auth: {
      sign_in_title: 'Sign in',
      sign_in: 'Sign in',
      email: 'Email',
      password: 'Password',
      forgot_password_link: 'Forgot your password?',
      login_failed: 'An error occurred while trying to login',
      mfa_title: 'Two-factor authentication',
      mfa_explanation: 'Enter the 6-digit code from your authenticator app.',
      mfa_verify: 'Verify',
      back_to_sign_in: 'Back to sign in',
      privacy_title: 'Privacy policy',
      privacy_accept: 'I have read and accept the privacy policy',
      privacy_continue: 'Accept and continue',
      forgot_password_title: 'Forgot password',
      forgot_password_explanation: 'Enter the email address you sign in with. We will send you a link to set a new password.',
      forgot_password_send: 'Send link',
      forgot_password_sent: 'Forgot password email sent',
      forgot_password_check_mail: 'If an account exists for %{email}, an email with a link to reset the password is on its way. The link is valid for 60 minutes.',
      reset_password_title: 'Reset password',
      set_password_title: 'Set your password',
      reset_password: 'Reset password',
      set_password: 'Set password',
      new_password: 'New password',
      confirm_password: 'Confirm password',
      password_reset_done: 'Password was reset successfully',
      reset_link_incomplete: 'This link is incomplete. Please use the link from the email, or request a new one.',
    },
    privacy: {
      title: 'Privacy notice',
      controller:
        'Your organization runs Fabquote to calculate quotes and prices and to manage procurement. It is responsible for the personal data stored here: your name, email address, phone number, language and sign-in activity.',
      purpose:
        'This data is used to sign you in, to show who created or changed records, and to send you emails such as password resets and invitations. It is not used for advertising.',
      processors:
        'Where you use AI features, the files, text or audio you submit are processed by an AI provider. Do not enter sensitive personal data there.',
      rights:
        'You may ask your organization at any time which data is stored about you, and have it corrected or deleted. You can change your own details on your profile page.',
    },
    profile: {
      details: 'Personal details',
      name: 'Name',
      full_name: 'Full name',
      phone: 'Phone',
      language: 'Language',
      change_avatar: 'Change picture',
      updated: 'Profile updated',
      update_failed: 'Could not update profile',
      password: 'Password',
      current_password: 'Current password',
      change_password: 'Change password',
      mfa: 'Two-factor authentication',
      mfa_explanation: 'When it is on, signing in asks for a code from an authenticator app after the password.',
      mfa_enable: 'Set up two-factor authentication',
      mfa_scan: 'Scan this QR code with your authenticator app, or enter the secret by hand.',
      mfa_qr_alt: 'QR code for the authenticator app',
      mfa_secret: 'Secret:',
      mfa_recovery_explanation:
        'Keep these recovery codes somewhere safe. Each one signs you in once if you lose access to your authenticator app.',
      mfa_copy_codes: 'Copy recovery codes',
      mfa_enter_code: 'Enter the code the app shows to finish.',
      mfa_confirm: 'Enable',
      mfa_enabled: 'Two-factor authentication is on',
      mfa_disable: 'Disable two-factor authentication',
      mfa_disable_password: 'Password',
      mfa_disabled: 'Two-factor authentication is off',
    },
    status: {
      product: {
        ready: 'Ready',
        pending: 'Pending',
        creation_stopped: 'Creation stopped',
        manually_created: 'Manually created',
        generated_from_data_extractor: 'Generated from data extractor',
      },
      order: {
        draft: 'Draft',
        offered: 'Offered',
        ordered: 'Ordered',
        deferred: 'Deferred',
        declined: 'Declined',
      },
      purchase_request: {
        open: 'Active Request',
        closed: 'Posted',
        submission_not_allowed: 'Submission is not allowed',
      },
      supplier: { active: 'Active', inactive: 'Inactive' },
      user: { active: 'Active', inactive: 'Inactive' },
      mfa: { enabled: 'Enabled', disabled: 'Disabled' },
      processing: { created: 'Created', success: 'Success', processing: 'Processing', error: 'Error' },
    },
    permission_areas: {
      ai: 'AI features',
      ops: 'Queue dashboard',
    },
    permission_actions: {
      view: 'View',
      create: 'Create',
      update: 'Update',
      delete: 'Delete',
      send: 'Send',
      manage: 'Manage',
      use: 'Use',
      queues: 'Queues',
    },
  },
  resources: {
    dashboard: {
      name: 'Dashboard',
      planned:
        'The dashboard will show widgets over a chosen interval: orders and products by status, the conversion rate from offer to order, order volume, and the most recent orders and products.',
    },
    profile: { name: 'Profile' },
    assets: {
      name: 'Asset |||| Assets',
      planned:
        'Machines and work centres: name, fabrication number, quick select, whether results are calculated by time, and prices by quantity with input, setup and program cost.',
    },
    customers: {
      name: 'Customer |||| Customers',
      planned: 'Customers with account number, contact details, address, zip code, city, country and billing name.',
    },
    factors: {
      name: 'Factor |||| Factors',
      planned: 'Price factors with a value and the period they are valid in. This area is work in progress.',
    },
    groups: {
      name: 'Group |||| Groups',
      planned: 'Material groups, their materials and their prices.',
    },
    items: {
      name: 'Item |||| Items',
      planned: 'The items of orders, with quantities and prices.',
    },
    materials: {
      name: 'Material |||| Materials',
      planned: 'Materials with number, group, dimensions (height, width, length), weight and price per unit.',
    },
    operations: {
      name: 'Operation |||| Operations',
      planned: 'Operations with external fabrication number and quick selection on the product page and by default.',
    },
    orders: {
      name: 'Order |||| Orders',
      planned:
        'Orders and offers: number, request number, contact, payment and shipping terms, currency, items, totals with commission and VAT, and their status from draft to ordered.',
    },
    parts: {
      name: 'Part |||| Parts',
      planned: 'Parts and their features: bends, contours and holes.',
    },
    products: {
      name: 'Product |||| Products',
      planned:
        'Products with number, type, status, customer and dimensions; bulk prices, calculations, geometry (bends, contours, holes) and production (materials, operations, parts). Products can also be created from files, text or audio with AI.',
    },
    'purchase-requests': {
      name: 'Purchase request |||| Purchase requests',
      planned:
        'Purchase requests to suppliers: products, product operations and parts, suppliers, deadline and reminders, the email preview, and the offers suppliers send back, compared with ratings.',
    },
    suppliables: {
      name: 'Suppliable |||| Suppliables',
      planned: 'Parts and operations a supplier provides, with numbers, cost, bulk prices and factors.',
    },
    suppliers: {
      name: 'Supplier |||| Suppliers',
      planned: 'Suppliers with contact details, address, language, status and a secondary contact.',
    },
    surveys: {
      name: 'Survey |||| Surveys',
      planned: 'Surveys and their answers.',
    },
    users: {
      name: 'User |||| Users',
      fields: {
        name: 'Name',
        fullName: 'Full name',
        email: 'Email',
        phone: 'Phone',
        languageCode: 'Language',
        roleIds: 'Roles',
        active: 'Status',
        twoFactorEnabled: 'Two-factor authentication',
        invitedAt: 'Invited',
        createdAt: 'Created',
        updatedAt: 'Updated',
        q: 'Search',
      },
      invite: {
        action: 'Invite user',
        title: 'Invite a user',
        send: 'Send invitation',
        sent: 'Invitation sent to %{email}',
      },
      status: {
        deactivate: 'Deactivate',
        reactivate: 'Reactivate',
        deactivate_title: 'Deactivate %{name}?',
        deactivate_content: 'The user can no longer sign in. Their records stay, and they can be reactivated at any time.',
        deactivated: 'User deactivated',
        reactivated: 'User reactivated',
      },
    },
    roles: {
      name: 'Role |||| Roles',
      fields: {
        name: 'Name',
        permissionIds: 'Permissions',
        userCount: 'Users',
        q: 'Search',
      },
      no_permissions: 'This role has no permissions.',
    },
    settings: {
      name: 'Setting |||| Settings',
      fields: {
        slug: 'Slug',
        kind: 'Kind of value',
        value: 'Value',
        values: 'Values',
        item: 'Value',
        createdAt: 'Created',
        updatedAt: 'Updated',
        q: 'Search',
      },
      kinds: {
        single: 'One value',
        list: 'A list of values',
      },
      helpers: {
        slug: 'Lower-case letters, digits, dots, dashes and underscores',
      },
    },
  },
};

export type Messages = typeof en;
