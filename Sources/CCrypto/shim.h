#ifndef BOARD_SYNC_CCRYPTO_SHIM_H
#define BOARD_SYNC_CCRYPTO_SHIM_H

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>

#endif
