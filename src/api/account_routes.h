// Routes of accounts: sign-up, login, and a user's own record.
#pragma once

#include "http/router.h"
#include "services/account_service.h"

namespace cairn::api {

class AccountRoutes {
 public:
  explicit AccountRoutes(services::AccountService& accounts) : accounts_(accounts) {}

  void Register(http::Router& router);

 private:
  http::Response SignUp(const http::Request& request);
  http::Response Login(const http::Request& request);
  http::Response ShowUser(const http::Request& request);
  http::Response UpdateUser(const http::Request& request);
  http::Response DeleteUser(const http::Request& request);

  services::AccountService& accounts_;
};

}  // namespace cairn::api
