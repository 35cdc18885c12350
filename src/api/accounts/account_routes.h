// Routes of accounts and authentication: sign-up, login and logout, password reset, OAuth
// providers, people search, and the user records.
#pragma once

#include "api/core/api_router.h"
#include "services/accounts/account_service.h"
#include "services/accounts/auth_service.h"

namespace cairn::api {

class AccountRoutes {
 public:
  AccountRoutes(services::AccountService& accounts, services::AuthService& auth,
                const CallerResolver& callers)
      : accounts_(accounts), auth_(auth), callers_(callers) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  using Answer = util::Result<http::Response>;
  Answer SignUp(const http::Request& request, const Caller& caller);
  Answer Login(const http::Request& request, const Caller& caller);
  Answer Logout(const http::Request& request, const Caller& caller);
  Answer RequestReset(const http::Request& request, const Caller& caller);
  Answer ConfirmReset(const http::Request& request, const Caller& caller);
  Answer ListOAuthProviders(const http::Request& request, const Caller& caller);
  Answer ShowSignedInUser(const http::Request& request, const Caller& caller);
  Answer SearchUsers(const http::Request& request, const Caller& caller);
  Answer ShowUser(const http::Request& request, const Caller& caller);
  Answer UpdateUser(const http::Request& request, const Caller& caller);
  Answer DeleteUser(const http::Request& request, const Caller& caller);

  services::AccountService& accounts_;
  services::AuthService& auth_;
  // Client addresses for throttling, the public origin for reset links, and session cookies.
  const CallerResolver& callers_;
};

}  // namespace cairn::api
