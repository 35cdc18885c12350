// Routes of accounts and authentication: sign-up, login and logout, password reset, OAuth
// providers, and a user's own record.
#pragma once

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "services/accounts/account_service.h"
#include "services/accounts/auth_service.h"

namespace cairn::api {

class AccountRoutes {
 public:
  AccountRoutes(services::AccountService& accounts, services::AuthService& auth,
                const CallerResolver& callers)
      : accounts_(accounts), auth_(auth), callers_(callers) {}

  void Register(http::Router& router);

 private:
  http::Response SignUp(const http::Request& request);
  http::Response Login(const http::Request& request);
  http::Response Logout(const http::Request& request);
  http::Response RequestReset(const http::Request& request);
  http::Response ConfirmReset(const http::Request& request);
  http::Response ListOAuthProviders(const http::Request& request);
  http::Response ShowSignedInUser(const http::Request& request);
  http::Response SearchUsers(const http::Request& request);
  http::Response ShowUser(const http::Request& request);
  http::Response UpdateUser(const http::Request& request);
  http::Response DeleteUser(const http::Request& request);

  services::AccountService& accounts_;
  services::AuthService& auth_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
