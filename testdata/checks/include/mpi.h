// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The few C bindings of MPI (MPI-3.1, chapters 3 to 5) that the annotated
// tests call, declared as the standard gives them, so that the tests need no
// MPI installation. Handles are opaque pointers, as Open MPI has them.
#ifndef CUDALINT_TESTDATA_MPI_H
#define CUDALINT_TESTDATA_MPI_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cudalint_mpi_communicator *MPI_Comm;
typedef struct cudalint_mpi_datatype *MPI_Datatype;
typedef struct cudalint_mpi_op *MPI_Op;
typedef struct cudalint_mpi_request *MPI_Request;
typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
} MPI_Status;

extern struct cudalint_mpi_communicator cudalint_mpi_comm_world;
extern struct cudalint_mpi_datatype cudalint_mpi_float;
extern struct cudalint_mpi_op cudalint_mpi_sum;
#define MPI_COMM_WORLD (&cudalint_mpi_comm_world)
#define MPI_FLOAT (&cudalint_mpi_float)
#define MPI_SUM (&cudalint_mpi_sum)
#define MPI_IN_PLACE ((void *)1)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)

int MPI_Init(int *argc, char ***argv);
int MPI_Finalize(void);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm);
int MPI_Barrier(MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif
